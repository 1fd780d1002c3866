// The CSV import's answer: the dry run's changes and each row's problems, and the confirm form that
// carries the changes with the stocks the dry run saw (a plain form, JS or not); or why it was refused.
import { Form } from 'react-router'
import { buttonClass } from '~/components/ui/button'
import { CSV_MESSAGES, type ImportAnswer, type ImportRow } from '~/lib/inventory-csv'

const count = new Intl.NumberFormat('en-IN')

function Problems({ messages }: { messages: readonly string[] }) {
  return (
    <div role="alert" className="grid gap-1 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
      {messages.map((message) => (
        <p key={message}>{message}</p>
      ))}
    </div>
  )
}

function shelfName(row: ImportRow): string {
  return [row.variety, row.option2, row.color].filter(Boolean).join(' · ')
}

/** The rows that change or are wrong: one card each, readable at 390 px. */
function PlanRows({ rows }: { rows: readonly ImportRow[] }) {
  return (
    <ol className="grid gap-2" aria-label="Rows">
      {rows.map((row) => (
        <li key={row.row} className="grid gap-1 rounded-lg border border-zinc-200 p-3 text-sm dark:border-zinc-800">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <span className="font-medium">
              Row {row.row}: {row.title || row.productId || '(no product)'}
              {shelfName(row) ? <span className="font-normal text-zinc-600 dark:text-zinc-400"> · {shelfName(row)}</span> : null}
            </span>
            {row.from !== null && row.to !== null && row.from !== row.to ? (
              <span className="tabular-nums">
                Stock {row.from} → <strong>{row.to}</strong>
              </span>
            ) : null}
            {row.sku ? (
              <span>
                SKU {row.sku.from || '(none)'} → <strong>{row.sku.to || '(none)'}</strong>
              </span>
            ) : null}
            {row.price ? (
              <span>
                Price ₹{row.price.from} → <strong>₹{row.price.to}</strong>
              </span>
            ) : null}
            {row.salePrice ? (
              <span>
                Sale price {row.salePrice.from ? `₹${row.salePrice.from}` : '(none)'} → <strong>{row.salePrice.to ? `₹${row.salePrice.to}` : '(none)'}</strong>
              </span>
            ) : null}
            {row.product?.map((change) => (
              <span key={change.label}>
                {change.label} {change.from} → <strong>{change.to}</strong>
              </span>
            ))}
          </div>
          {row.problems.length > 0 ? (
            <ul className="grid gap-0.5 text-red-700 dark:text-red-300">
              {row.problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ol>
  )
}

export function CsvImportPlan({ answer, busy }: { answer: ImportAnswer; busy: boolean }) {
  if (answer.stage === 'refused') {
    return (
      <section aria-labelledby="import-result" className="grid gap-3">
        <h2 id="import-result" className="text-lg font-semibold">
          Not imported
        </h2>
        <Problems messages={[answer.message]} />
        {answer.rows.length > 0 ? <PlanRows rows={answer.rows} /> : null}
      </section>
    )
  }
  const wrong = answer.rows.filter((row) => row.problems.length > 0).length
  const good = answer.fileErrors.length === 0 && wrong === 0
  return (
    <section aria-labelledby="import-result" className="grid gap-3">
      <h2 id="import-result" className="text-lg font-semibold">
        Dry run of {answer.fileName}: nothing is saved yet
      </h2>
      {answer.fileErrors.length > 0 ? <Problems messages={answer.fileErrors} /> : null}
      {wrong > 0 ? <Problems messages={[`${wrong === 1 ? '1 row has' : `${count.format(wrong)} rows have`} problems: fix the file and upload it again.`]} /> : null}
      {answer.notices.map((notice) => (
        <p key={notice} className="text-sm text-zinc-600 dark:text-zinc-400">
          {notice}
        </p>
      ))}
      {good ? (
        <p className="text-sm">
          {count.format(answer.changes)} {answer.changes === 1 ? 'row changes' : 'rows change'}; {count.format(answer.unchanged)}{' '}
          {answer.unchanged === 1 ? 'row is' : 'rows are'} unchanged.
        </p>
      ) : null}
      {answer.rows.length > 0 ? <PlanRows rows={answer.rows} /> : null}
      {good && answer.changes === 0 ? <p className="text-sm">{CSV_MESSAGES.nothingToChange}</p> : null}
      {good && answer.changes > 0 ? (
        <Form method="post" encType="multipart/form-data" className="sticky bottom-0 bg-white py-3 dark:bg-zinc-950">
          <input type="hidden" name="intent" value="confirm" />
          <input type="hidden" name="fileName" value={answer.fileName} />
          <input type="hidden" name="changes" value={answer.carried} />
          <button type="submit" className={buttonClass('primary', 'md')} disabled={busy}>
            Import {count.format(answer.changes)} {answer.changes === 1 ? 'change' : 'changes'}
          </button>
        </Form>
      ) : null}
    </section>
  )
}

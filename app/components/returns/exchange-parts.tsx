// Exchanges on the order pages (issue 31, ADR 105): the select beside each line of the return form
// (a refund, or another size / colour in stock with the difference for one piece, shown before the
// ask is sent), and each exchange's state under its return (the new piece, the difference, the
// shopper's "Pay the difference" while it is due, the replacement order once made).
import { Form, Link } from 'react-router'
import { Button } from '~/components/ui/button'
import { inputClass } from '~/components/ui/field'
import { differenceWords, type ExchangeOption, type ExchangeView } from '~/lib/exchanges'
import { formatPaise } from '~/lib/money'
import { formatOrderNumber } from '~/lib/order-status'

export function ExchangeSelect({ line, title, options, value }: { line: number; title: string; options: ExchangeOption[]; value: string }) {
  if (options.length === 0) return null
  return (
    <label className="grid gap-1 text-sm">
      <span>{title}: refund or exchange for</span>
      <select name={`exchange[${line}]`} defaultValue={value} className={inputClass}>
        <option value="">Refund</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {`Exchange for ${o.words} (${formatPaise(o.newUnitPaise)}: ${differenceWords(o.differencePaise)} a piece)`}
          </option>
        ))}
      </select>
    </label>
  )
}

export function ExchangeNote({ exchange, orderBase }: { exchange: ExchangeView; orderBase: string }) {
  return (
    <p data-exchange>
      Exchange for {exchange.quantity} × {exchange.choiceWords} ({formatPaise(exchange.newUnitPaise * exchange.quantity)}): {differenceWords(exchange.differencePaise)}
      {exchange.differencePaise > 0 && exchange.link?.status === 'paid' ? ' (paid)' : ''}.
      {exchange.replacementOrderId ? (
        <>
          {' '}
          Replacement order{' '}
          <Link to={`${orderBase}/${exchange.replacementOrderId}`} className="font-medium text-brand-700 hover:underline dark:text-brand-500">
            {formatOrderNumber(exchange.replacementOrderNumber ?? 0)}
          </Link>
          .
        </>
      ) : null}
    </p>
  )
}

/** The shopper's "Pay the difference": while the exchange is approved or received and the difference unpaid. */
export function ExchangePayForm({ returnId, returnNumber, status, exchange }: { returnId: string; returnNumber: number; status: string; exchange: ExchangeView | null }) {
  if (!exchange || exchange.differencePaise <= 0 || exchange.link?.status === 'paid' || (status !== 'approved' && status !== 'received')) return null
  return (
    <Form method="post" aria-label={`Pay the difference of return ${returnNumber}`}>
      <input type="hidden" name="intent" value="exchange-pay" />
      <input type="hidden" name="returnId" value={returnId} />
      <Button type="submit" className="justify-self-start">
        Pay the difference ({formatPaise(exchange.differencePaise)})
      </Button>
    </Form>
  )
}

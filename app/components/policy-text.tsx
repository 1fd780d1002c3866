// A policy's text as the page shows it: "## " headings, paragraphs and "- " bullets (app/lib/policies.ts).
// Every piece is a React text child, so whatever the owner typed is escaped, never HTML.
import { parsePolicyText } from '~/lib/policies'

export function PolicyText({ text }: { text: string }) {
  return (
    <div className="grid gap-3 text-zinc-800 dark:text-zinc-200">
      {parsePolicyText(text).map((block, i) => {
        const key = `${block.kind}-${i}`
        if (block.kind === 'heading') {
          return (
            <h2 key={key} className="mt-3 text-lg font-semibold text-zinc-900 dark:text-zinc-100">
              {block.text}
            </h2>
          )
        }
        if (block.kind === 'list') {
          return (
            <ul key={key} className="grid list-disc gap-1 pl-5">
              {block.items.map((item, j) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the items are the text's own lines, in order
                <li key={j} className="break-words">
                  {item}
                </li>
              ))}
            </ul>
          )
        }
        return (
          <p key={key} className="whitespace-pre-line break-words">
            {block.lines.join('\n')}
          </p>
        )
      })}
    </div>
  )
}

import { ButtonLink } from './ui/button'

/** The not-found and error pages' words (docs/spec/screens.md), never a stack trace. */
export function ErrorMessage({ notFound }: { notFound: boolean }) {
  return (
    <div className="mx-auto flex max-w-md flex-1 flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-3xl font-bold">{notFound ? 'Page Not Found' : 'Something went wrong'}</h1>
      <p className="text-zinc-600 dark:text-zinc-400">
        {notFound
          ? 'Sorry, we couldn’t find the page you’re looking for.'
          : 'We could not show this page just now. Please try again in a moment.'}
      </p>
      <ButtonLink to="/">Go back home</ButtonLink>
    </div>
  )
}

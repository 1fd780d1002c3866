// The invitation to ask for a custom piece (home and About Us): a line and the link to the form.
import { buttonClass } from './ui/button'
import { Link } from 'react-router'

export function CustomPieceInvite() {
  return (
    <section aria-labelledby="custom-piece-title" className="mx-auto grid w-full max-w-3xl gap-3 px-4 pb-10 text-center">
      <h2 id="custom-piece-title" className="text-2xl font-bold">
        Made Just for You
      </h2>
      <p className="text-zinc-600 dark:text-zinc-400">
        Your wedding flowers in a pendant, a name plate, a keepsake for a birthday: tell us your idea and we will reply with a price.
      </p>
      <Link to="/shop/custom-order" className={buttonClass('primary', 'md', 'justify-self-center')}>
        Ask for a custom piece
      </Link>
    </section>
  )
}

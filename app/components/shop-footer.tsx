import { Link } from 'react-router'
import { CategoryLinks } from './category-links'
import { PolicyLinks } from './policy-links'
import type { GrievanceOfficer } from '~/lib/grievance-officer'
import { type FooterDelivery, footerDeliveryText } from '~/lib/footer-delivery'

export interface ShopContact {
  shopName: string
  email: string
  phone: string
  instagram: string
  facebook: string
  whatsapp: string
  /** How delivery is priced, from the checkout's own settings (ADR 093). */
  delivery: FooterDelivery
  /** Who sells, and the grievance officer (E-Commerce Rules 2020). */
  seller?: SellerNotice
}

export interface SellerNotice {
  legalName: string
  address: string[]
  gstin: string | null
  grievanceOfficer: GrievanceOfficer
}

function policies(delivery: FooterDelivery) {
  return [
    { title: 'Delivery', text: footerDeliveryText(delivery) },
    { title: 'Cancellation', text: 'Cancel with a full refund any time before your order is accepted.' },
    // The window is the owner's (the Returns page says it): the footer, kept for everyone, names no number.
    { title: 'Returns', text: 'Damaged in transit or not what you ordered? Ask for a return from your order page soon after delivery.' },
    { title: 'Payment', text: 'Pay by card, UPI or bank transfer through Razorpay. No cash on delivery.' },
  ]
}

/** Footer links are whole rows a thumb can hit (44 px), not 16 px lines of text. */
const FOOTER_LINK = 'flex min-h-11 items-center hover:underline'

export function ShopFooter({ contact }: { contact: ShopContact }) {
  return (
    <footer className="mt-16 border-t border-zinc-200 bg-zinc-50 text-sm dark:border-zinc-800 dark:bg-zinc-900">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <section>
          <h2 className="font-semibold">{contact.shopName}</h2>
          <p className="mt-2 text-zinc-600 dark:text-zinc-400">
            Handmade resin art from a small studio: jewellery, home decor, gifts and keepsakes.
          </p>
          <h3 className="mt-4 font-semibold">Opening hours</h3>
          <p className="text-zinc-600 dark:text-zinc-400">10 AM to 8 PM, Monday to Saturday</p>
        </section>
        <section>
          <h2 className="font-semibold">Shop</h2>
          <ul className="mt-2 grid">
            <CategoryLinks className={FOOTER_LINK} listItems />
            <li>
              <Link className={FOOTER_LINK} to="/shop/about-us">
                About Us
              </Link>
            </li>
          </ul>
          <h3 className="mt-4 font-semibold">Custom orders</h3>
          <p className="text-zinc-600 dark:text-zinc-400">
            We make custom pieces, for example from your preserved flowers.
          </p>
          <Link className={FOOTER_LINK} to="/shop/custom-order">
            Ask for a custom piece
          </Link>
        </section>
        <section>
          <h2 className="font-semibold">Policies</h2>
          <dl className="mt-2 grid gap-2">
            {policies(contact.delivery).map((p) => (
              <div key={p.title}>
                <dt className="font-medium">{p.title}</dt>
                <dd className="text-zinc-600 dark:text-zinc-400">{p.text}</dd>
              </div>
            ))}
          </dl>
          <ul aria-label="Policy pages" className="mt-2 grid">
            <PolicyLinks className={FOOTER_LINK} />
          </ul>
        </section>
        <section>
          <h2 className="font-semibold">Contact</h2>
          <ul className="mt-2 grid">
            <li>
              <a className={FOOTER_LINK} href={`mailto:${contact.email}`}>
                {contact.email}
              </a>
            </li>
            <li>
              <a className={FOOTER_LINK} href={`tel:${contact.phone.replace(/\s/g, '')}`}>
                {contact.phone}
              </a>
            </li>
            <li>
              <Link className={FOOTER_LINK} to="/shop/complaint">
                Make a complaint
              </Link>
            </li>
          </ul>
          <h3 className="mt-4 font-semibold">Follow us</h3>
          <ul className="mt-1 flex flex-wrap gap-x-5">
            <li>
              <a className={FOOTER_LINK} href={contact.instagram} rel="noopener noreferrer">
                Instagram
              </a>
            </li>
            <li>
              <a className={FOOTER_LINK} href={contact.facebook} rel="noopener noreferrer">
                Facebook
              </a>
            </li>
            <li>
              <a className={FOOTER_LINK} href={contact.whatsapp} rel="noopener noreferrer">
                WhatsApp
              </a>
            </li>
          </ul>
        </section>
      </div>
      {contact.seller ? <SellerLines seller={contact.seller} /> : null}
      <p className="border-t border-zinc-200 py-4 text-center text-xs text-zinc-500 dark:text-zinc-400 dark:border-zinc-800">
        © {new Date().getFullYear()} {contact.shopName}. Made by hand in India.
      </p>
    </footer>
  )
}

/** The seller's legal name, address and GSTIN and the grievance officer, as the E-Commerce Rules 2020 ask. */
function SellerLines({ seller }: { seller: SellerNotice }) {
  const officer = seller.grievanceOfficer
  return (
    <div className="mx-auto grid max-w-7xl gap-1 border-t border-zinc-200 px-4 py-4 text-xs text-zinc-600 dark:border-zinc-800 dark:text-zinc-400">
      <p>
        Sold by {seller.legalName}
        {seller.address.length ? `, ${seller.address.join(', ')}` : ''}
        {seller.gstin ? `. GSTIN ${seller.gstin}` : ''}.
      </p>
      <p>
        Grievance officer: {officer.name}, {officer.designation},{' '}
        <a className="underline" href={`mailto:${officer.email}`}>
          {officer.email}
        </a>
        ,{' '}
        <a className="underline" href={`tel:${officer.phone.replace(/[\s()-]/g, '')}`}>
          {officer.phone}
        </a>
        .
      </p>
    </div>
  )
}

// The home page's banners (the spec and the /api call them feature images): what the admin page and the /api say about them.

export const BANNER_MESSAGES = {
  added: 'Feature image added successfully',
  deleted: 'Feature image deleted successfully',
  notFound: 'Feature image not found.',
} as const

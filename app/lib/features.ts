// The home page's feature images (banners): what the admin page and the /api say about them.

export const FEATURE_MESSAGES = {
  added: 'Feature image added successfully',
  deleted: 'Feature image deleted successfully',
  notFound: 'Feature image not found.',
} as const

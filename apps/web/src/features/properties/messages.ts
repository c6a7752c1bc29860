/** The fallback error texts (toast titles) for properties, units, templates and images. */
export const INVENTORY_MESSAGES = {
  fetchProperties: 'Failed to fetch properties',
  fetchProperty: 'Failed to fetch property',
  createProperty: 'Failed to create property',
  updateProperty: 'Failed to update property',
  deleteProperty: 'Failed to delete property',
  searchProperties: 'Failed to search properties',
  fetchUserProperties: 'Failed to fetch user properties',
  fetchTemplates: 'Failed to fetch templates',
  fetchUnits: 'Failed to fetch units',
  uploadImages: 'Failed to upload images',
  deleteImage: 'Failed to delete image',
} as const;

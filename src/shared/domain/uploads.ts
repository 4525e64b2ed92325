// ---------------------------------------------------------------------------
// Uploads (docs/decisions/006 and 011)
// ---------------------------------------------------------------------------

export const UPLOAD_KINDS = ['image', 'file', 'avatar', 'banner'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];
/** The kinds a profile has one of. */
export const PROFILE_IMAGE_KINDS = ['avatar', 'banner'] as const satisfies readonly UploadKind[];
export type ProfileImageKind = (typeof PROFILE_IMAGE_KINDS)[number];

/** Which image of a product an upload is (spec section 7): one main, one featured, many additional. */
export const IMAGE_SLOTS = ['main', 'featured', 'additional'] as const;
export type ImageSlot = (typeof IMAGE_SLOTS)[number];

/** Public blobs are served to anyone; private ones (deliverables) only through the download endpoint. */
export const BLOB_ACCESS = ['public', 'private'] as const;
export type BlobAccess = (typeof BLOB_ACCESS)[number];

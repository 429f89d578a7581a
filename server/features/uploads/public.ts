// What other features may use of uploads (docs/decisions/019-boundaries.md).
export { imageStore } from './image-store.ts';
export { UPLOAD_URL_PREFIX } from './upload-repository.ts';
export { claimPhoto, removePhotoNoLongerShown, uploadNameOf } from './photo-owner.ts';

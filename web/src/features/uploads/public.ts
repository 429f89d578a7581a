// What other web features may use of uploads (its one door; who may use it: WEB_FEATURE_USES in eslint.config.js).
export { uploadImage } from '#web/features/uploads/api/upload-image.ts';

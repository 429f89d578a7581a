// What other web features may use of auth (its one door; who may use it: WEB_FEATURE_USES in eslint.config.js).
export { meQuery, meQueryKey, useMe } from '#web/features/auth/api/use-me.ts';
export { authConfigQuery, useAuthConfig } from '#web/features/auth/api/use-auth-config.ts';
export { FullNameField, PasswordField, roleName } from '#web/features/auth/components/account-fields.tsx';
export { usePhotoUpload } from '#web/features/auth/use-photo-upload.ts';

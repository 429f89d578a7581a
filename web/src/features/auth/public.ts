// What other web features may use of auth (its one door; who may use it: WEB_FEATURE_USES in eslint.config.js).
export { meQueryKey, useMe } from '#web/features/auth/api/use-me.ts';
export { useAuthConfig } from '#web/features/auth/api/use-auth-config.ts';
export { PASSWORD_HINT, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '#web/features/auth/password-rules.ts';

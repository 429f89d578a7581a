// What other web features, and the pages web/src/app composes, may use of reviews (its one door;
// who may use it: WEB_FEATURE_USES in eslint.config.js).
export { sessionReviewsQuery } from '#web/features/reviews/api/use-session-reviews.ts';
export { myReviewQuery, useMyReview } from '#web/features/reviews/api/use-my-review.ts';
export { invalidateReviews, submitReview } from '#web/features/reviews/api/use-submit-review.ts';
export { REVIEW_INTENT, ReviewForm } from '#web/features/reviews/components/review-form.tsx';
export { SessionReviews } from '#web/features/reviews/components/session-reviews.tsx';

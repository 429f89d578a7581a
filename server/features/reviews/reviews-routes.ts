// POST /api/review, PUT /api/review/{id}, GET /api/sessions/{id}/reviews (public)
// and GET /api/sessions/{id}/my-review.
import { idParam, pageQuery } from '#contract/common.ts';
import { myReviewSchema, reviewBody, reviewPage, reviewSchema, updateReviewBody } from '#contract/reviews.ts';
import { requireUser } from '#server/auth/current-user.ts';
import { apiRoutes, errorAnswers } from '#server/http/api-routes.ts';
import { reviewsService } from './reviews-service.ts';

const errors = errorAnswers(400, 401, 403, 404, 409);

export const reviewsRoutes = apiRoutes(['reviews'], (r, deps, tags) => {
  const reviews = reviewsService(deps);

  r.post('/api/review', {
    schema: { tags, summary: 'Review a booked session (a second call updates the review)', body: reviewBody, response: { 200: reviewSchema, 201: reviewSchema, ...errors } },
  }, async (request, reply) => {
    const { review, created } = await reviews.create(await requireUser(deps.auth, request), request.body);
    return reply.status(created ? 201 : 200).send(review);
  });

  r.put('/api/review/:id', {
    schema: { tags, summary: 'Change your review', params: idParam, body: updateReviewBody, response: { 200: reviewSchema, ...errors } },
  }, async (request) => reviews.update(await requireUser(deps.auth, request), request.params.id, request.body));

  r.get('/api/sessions/:id/reviews', {
    schema: { tags, summary: "A session's reviews, newest first, with average and count (public)", params: idParam, querystring: pageQuery, response: { 200: reviewPage, ...errorAnswers(400, 404) } },
  }, async (request) => reviews.list(request.params.id, request.query));

  r.get('/api/sessions/:id/my-review', {
    schema: { tags, summary: "The caller's own review of the session, if any", params: idParam, response: { 200: myReviewSchema, ...errorAnswers(401) } },
  }, async (request) => reviews.mine(await requireUser(deps.auth, request), request.params.id));
});

// The review form of the booked-session page: required review text, required rating
// with the hint "rate the session from 1 to 5", Submit. Prefilled with the student's own review.
// Sent through the page's route action (docs/decisions/041-pages-loaders-actions.md), the same
// for the app, a form sent before it is live and one sent without JavaScript.
import { Form, useNavigation } from 'react-router';
import type { Review } from '#contract/reviews.ts';
import { TextAreaField } from '#web/components/text-area-field.tsx';
import { RefusalMessage, useFormRefusal } from '#web/components/form-messages.tsx';
import { NoScriptField } from '#web/components/no-script-field.tsx';
import { useTranslator } from '#web/lib/i18n.ts';

/** The `intent` of the review form's button: the page's action tells its forms apart by it. */
export const REVIEW_INTENT = 'review';

export function ReviewForm({ existing }: { existing: Review | null }) {
  const { t } = useTranslator();
  const fields = useFormRefusal(REVIEW_INTENT)?.fields ?? {};
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formData?.get('intent') === REVIEW_INTENT;

  return (
    <Form method="post" aria-labelledby="review-heading" className="flex flex-col gap-4">
      <NoScriptField />
      <RefusalMessage title={t('reviews.notSaved')} intent={REVIEW_INTENT} />
      <h2 id="review-heading" className="text-xl font-semibold">
        {existing ? t('reviews.yours') : t('reviews.write')}
      </h2>
      <TextAreaField label={t('reviews.review')} name="review" required maxLength={2000} rows={4} defaultValue={existing?.review} error={fields.review} />
      <StarRating name="rating" defaultValue={existing?.rating} error={fields.rating} />
      <div>
        <button type="submit" name="intent" value={REVIEW_INTENT} className="btn btn-primary" disabled={busy}>
          {busy ? t('reviews.submitting') : t('reviews.submit')}
        </button>
      </div>
    </Form>
  );
}

const STARS = [1, 2, 3, 4, 5] as const;

/**
 * The rating as five stars: a radio group named "Rating", one radio a star ("4 stars"),
 * so arrows move between them and a screen reader reads the choice; the form sends the integer.
 */
function StarRating({ name, defaultValue, error }: { name: string; defaultValue?: number | undefined; error?: string | undefined }) {
  const { t } = useTranslator();
  return (
    <fieldset className="flex flex-col gap-1" aria-describedby={`${name}-hint${error ? ` ${name}-error` : ''}`}>
      <legend className="text-sm font-medium">{t('reviews.rating')}</legend>
      <div className="rating rating-lg">
        {STARS.map((stars) => (
          <input
            key={stars}
            type="radio"
            name={name}
            value={stars}
            required
            defaultChecked={defaultValue === stars}
            aria-label={t('reviews.stars', { stars })}
            className="mask mask-star-2 bg-warning"
          />
        ))}
      </div>
      <p id={`${name}-hint`} className="text-sm text-base-content/70">
        {t('reviews.ratingHint')}
      </p>
      {error && (
        <p id={`${name}-error`} className="text-sm text-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}

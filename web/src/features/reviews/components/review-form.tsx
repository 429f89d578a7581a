// The review form of the booked-session page: required review text, required rating
// with the hint "rate the session from 1 to 5", Submit. Prefilled with the student's own review.
import { type FormEvent, useState } from 'react';
import type { Review } from '#contract/reviews.ts';
import { useSubmitReview } from '#web/features/reviews/api/use-submit-review.ts';
import { TextAreaField } from '#web/components/text-area-field.tsx';
import { ApiError, errorMessage } from '#web/lib/api-client.ts';
import { fieldText } from '#web/lib/form-fields.ts';
import { showErrorDialog } from '#web/lib/dialogs.ts';
import { useTranslator } from '#web/lib/i18n.ts';
import { NoScriptField } from '#web/components/no-script-field.tsx';

export function ReviewForm({ sessionId, existing }: { sessionId: string; existing: Review | null }) {
  const { t } = useTranslator();
  const [saved, setSaved] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const submit = useSubmitReview();

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setSaved(null);
    setFields({});
    try {
      await submit.mutateAsync({ sessionId, review: fieldText(form, 'review').trim(), rating: Number(fieldText(form, 'rating')) });
      setSaved(existing ? t('reviews.updated') : t('reviews.submitted'));
    } catch (error) {
      if (error instanceof ApiError && error.fields) setFields(error.fields);
      await showErrorDialog(t('reviews.notSaved'), errorMessage(error));
    }
  }

  return (
    // Sent before the app is live, the form goes to its page's own address, where the server saves
    // it (server/http/page-forms.ts).
    <form method="post" aria-labelledby="review-heading" className="flex flex-col gap-4" onSubmit={(event) => void handleSubmit(event)}>
      <NoScriptField />
      <h2 id="review-heading" className="text-xl font-semibold">
        {existing ? t('reviews.yours') : t('reviews.write')}
      </h2>
      <TextAreaField label={t('reviews.review')} name="review" required maxLength={2000} rows={4} defaultValue={existing?.review} error={fields.review} />
      <StarRating name="rating" defaultValue={existing?.rating} error={fields.rating} />
      <div>
        <button type="submit" className="btn btn-primary" disabled={submit.isPending}>
          {submit.isPending ? t('reviews.submitting') : t('reviews.submit')}
        </button>
      </div>
      {saved && (
        <p role="status" className="alert alert-success alert-soft">
          {saved}
        </p>
      )}
    </form>
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

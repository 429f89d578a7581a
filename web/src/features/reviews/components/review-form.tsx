// The review form of the booked-session page (spec §2): required review text, required rating
// with the hint "rate the session from 1 to 5", Submit. Prefilled with the student's own review.
import { type FormEvent, useState } from 'react';
import type { Review } from '#contract/reviews.ts';
import { TextField } from '#web/components/text-field.tsx';
import { useSubmitReview } from '#web/features/reviews/api/use-submit-review.ts';
import { TextAreaField } from '#web/components/text-area-field.tsx';
import { ApiError, errorMessage } from '#web/lib/api-client.ts';
import { fieldText } from '#web/lib/form-fields.ts';
import { showErrorDialog } from '#web/lib/dialogs.ts';

export function ReviewForm({ sessionId, existing }: { sessionId: string; existing: Review | null }) {
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
      setSaved(existing ? 'Review updated successfully' : 'Review submitted successfully');
    } catch (error) {
      if (error instanceof ApiError && error.fields) setFields(error.fields);
      await showErrorDialog('Review not saved', errorMessage(error));
    }
  }

  return (
    // Sent before the app is live, the form goes to its page's own address, where the server saves
    // it (server/http/page-forms.ts).
    <form method="post" aria-labelledby="review-heading" className="flex flex-col gap-4" onSubmit={(event) => void handleSubmit(event)}>
      <h2 id="review-heading" className="text-xl font-semibold">
        {existing ? 'Your review' : 'Review this session'}
      </h2>
      <TextAreaField label="Review" name="review" required maxLength={2000} rows={4} defaultValue={existing?.review} error={fields.review} />
      <TextField
        label="Rating"
        name="rating"
        type="number"
        inputMode="numeric"
        required
        min={1}
        max={5}
        step={1}
        hint="rate the session from 1 to 5"
        error={fields.rating}
        defaultValue={existing ? String(existing.rating) : ''}
        className="max-w-32"
      />
      <div>
        <button type="submit" className="btn btn-primary" disabled={submit.isPending}>
          {submit.isPending ? 'Submitting…' : 'Submit'}
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

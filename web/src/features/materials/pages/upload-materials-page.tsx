import { type FormEvent, useEffect, useId, useState } from 'react';
import { LoadError } from '#web/components/load-error.tsx';
import { Spinner } from '#web/components/spinner.tsx';
import { TextField } from '#web/components/text-field.tsx';
import { useMe } from '#web/features/auth/api/use-me.ts';
import { useCreateMaterial } from '#web/features/materials/api/use-create-material.ts';
import { MaterialSourceFields, type MaterialSource } from '#web/features/materials/components/material-source-fields.tsx';
import { UploadProgress } from '#web/features/materials/components/upload-progress.tsx';
import { fileProblem } from '#web/features/materials/material-file-rules.ts';
import { useTutorSessions } from '#web/features/sessions/api/use-tutor-sessions.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { showErrorDialog, showSuccessToast } from '#web/lib/dialogs.ts';
import { useTitle } from '#web/lib/use-title.ts';

/** Tutor: add a file (image or PDF) or a link to one of their approved sessions (PRODUCT.md §4). */
export function UploadMaterialsPage() {
  useTitle('Upload Materials');
  const { user } = useMe();
  const sessions = useTutorSessions(user?.email ?? '');
  const [progress, setProgress] = useState<number | null>(null);
  const create = useCreateMaterial(setProgress);
  const [sessionId, setSessionId] = useState('');
  const [title, setTitle] = useState('');
  const [source, setSource] = useState<MaterialSource>('file');
  const [link, setLink] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [formKey, setFormKey] = useState(0);
  const sessionFieldId = useId();

  // The select lists every approved session, so read the tutor's list to its end.
  useEffect(() => {
    if (sessions.hasNextPage && !sessions.isFetchingNextPage) void sessions.fetchNextPage();
  }, [sessions]);

  const approved = (sessions.data?.pages.flatMap((page) => page.items) ?? []).filter((s) => s.status === 'approved');

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (source === 'file') {
      if (!file) return void (await showErrorDialog('Error', 'Choose an image or a PDF to upload.'));
      const problem = fileProblem(file);
      if (problem) return void (await showErrorDialog('Error', problem));
    }
    setProgress(source === 'file' ? 0 : null);
    try {
      await create.mutateAsync(source === 'file' && file ? { sessionId, title, file } : { sessionId, title, link });
    } catch (error) {
      setProgress(null);
      await showErrorDialog('Error', errorMessage(error));
      return;
    }
    setProgress(null);
    setTitle('');
    setLink('');
    setFile(null);
    setFormKey((k) => k + 1);
    await showSuccessToast('Material uploaded successfully');
  }

  return (
    <section aria-labelledby="upload-materials-heading" className="flex max-w-2xl flex-col gap-4">
      <h1 id="upload-materials-heading" className="text-3xl font-bold">
        Upload Materials
      </h1>
      {sessions.isPending ? (
        <Spinner label="Loading your sessions" />
      ) : sessions.isError ? (
        <LoadError message={errorMessage(sessions.error)} onRetry={() => void sessions.refetch()} />
      ) : approved.length === 0 ? (
        <p className="text-base-content/70">Materials can be added to approved sessions. None of your sessions is approved yet.</p>
      ) : (
        <form className="card bg-base-100 shadow-sm" onSubmit={(event) => void handleSubmit(event)}>
          <div className="card-body gap-4">
            <div className="flex flex-col gap-1">
              <label htmlFor={sessionFieldId} className="text-sm font-medium">
                Session
              </label>
              <select id={sessionFieldId} className="select w-full" required value={sessionId} onChange={(event) => setSessionId(event.target.value)}>
                <option value="" disabled>
                  Choose one of your approved sessions
                </option>
                {approved.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.title}
                  </option>
                ))}
              </select>
            </div>
            <TextField label="Title" required maxLength={200} value={title} onChange={(event) => setTitle(event.target.value)} />
            <MaterialSourceFields
              source={source}
              onSourceChange={setSource}
              link={link}
              onLinkChange={setLink}
              onFileChange={setFile}
              fileInputKey={formKey}
            />
            {progress !== null && <UploadProgress fraction={progress} />}
            <button type="submit" className="btn btn-primary" disabled={create.isPending}>
              {create.isPending ? 'Uploading…' : 'Upload Material'}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}

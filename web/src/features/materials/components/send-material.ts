import type { Translator } from '#web/lib/i18n.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { showErrorDialog, showSuccessToast } from '#web/lib/dialogs.ts';
import { fileProblem } from '#web/features/materials/material-file-rules.ts';

type SendMaterial = {
  /** The file chosen, if the material is (or becomes) a file. */
  file: File | null;
  /** Upload: a file material needs one. */
  requireFile: boolean;
  /** The upload's progress bar (null: none, for a link). */
  setProgress: (fraction: number | null) => void;
  send: () => Promise<unknown>;
  /** Once sent, before the toast (a fresh form, the list again). */
  onSent: () => void;
  success: string;
};

/** Upload or edit a material: the file checked first, the progress shown while sending, then the toast or the server's reason. */
export async function sendMaterial({ t }: Translator, { file, requireFile, setProgress, send, onSent, success }: SendMaterial): Promise<void> {
  const problem = requireFile && !file ? t('materials.chooseFile') : file && fileProblem(file);
  if (problem) return showErrorDialog(t('dashboardShell.error'), problem);
  setProgress(file ? 0 : null);
  try {
    await send();
  } catch (error) {
    setProgress(null);
    return showErrorDialog(t('dashboardShell.error'), errorMessage(error));
  }
  setProgress(null);
  onSent();
  await showSuccessToast(success);
}

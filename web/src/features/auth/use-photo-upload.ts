import { useState } from 'react';
import { uploadImage } from '#web/features/uploads/public.ts';

/** A form's photo, uploaded when the form is sent (POST /api/uploads): its URL, or undefined when none was chosen. */
export function usePhotoUpload() {
  const [uploading, setUploading] = useState(false);
  async function upload(file: File | null): Promise<string | undefined> {
    if (!file) return undefined;
    setUploading(true);
    try {
      return (await uploadImage(file)).url;
    } finally {
      setUploading(false);
    }
  }
  return { uploading, upload };
}

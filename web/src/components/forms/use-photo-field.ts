import { useState } from 'react';
import { useErrorText } from '@/components/forms/use-error-text';
import { photoProblem } from '@/lib/photo';
import type { UploadRule } from '@/lib/rules';

/**
 * A photo input's state under one of identity's upload rules. The error shows once the user has chosen a file or
 * tried to send, in the words the server would use.
 */
export function usePhotoField(rule: UploadRule) {
  const errorText = useErrorText();
  const [file, setFile] = useState<File | null>(null);
  const [checked, setChecked] = useState(false);
  const problem = photoProblem(file, rule);
  return {
    file,
    error: checked ? errorText(problem ?? undefined) : undefined,
    choose(next: File | null) {
      setFile(next);
      setChecked(next !== null);
    },
    /** Shows the error if there is one; true when the file may be sent. */
    validate() {
      setChecked(true);
      return problem === null;
    },
    reset() {
      setFile(null);
      setChecked(false);
    },
  };
}

import { GoogleCallback } from '#app/features/auth/components/google-callback.tsx';
import { useDocumentTitle } from '#app/hooks/use-document-title.ts';

export default function GoogleCallbackPage() {
  useDocumentTitle('Processing Authentication');
  return <GoogleCallback />;
}

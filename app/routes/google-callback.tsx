import { GoogleCallback } from '../features/auth/components/google-callback';
import { useDocumentTitle } from '../hooks/use-document-title';

export default function GoogleCallbackPage() {
  useDocumentTitle('Processing Authentication');
  return <GoogleCallback />;
}

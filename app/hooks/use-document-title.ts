import { useEffect } from 'react';

export function useDocumentTitle(title: string | null | undefined) {
  useEffect(() => {
    document.title = title ? `${title} · AgentMarket` : 'AgentMarket · The marketplace for AI agents';
  }, [title]);
}

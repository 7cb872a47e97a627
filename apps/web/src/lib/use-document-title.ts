import { useEffect } from 'react';

export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = title ? `${title} · Pushup Tracker` : 'Pushup Tracker';
  }, [title]);
}

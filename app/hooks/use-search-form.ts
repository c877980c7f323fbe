import { useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { useEarlyInput } from './use-early-input';

/** A search box that opens /search?q=… on submit (hero and landing search forms). */
export function useSearchForm() {
  const [query, setQuery] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  useEarlyInput(inputRef, setQuery);
  const [, navigate] = useLocation();
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    // What the box shows: text typed before hydration is there before useEarlyInput has put it in
    // state, and a submit in that moment must still search for it.
    const q = (inputRef.current?.value ?? query).trim();
    if (q) navigate(`/search?q=${encodeURIComponent(q)}`);
  };
  return { query, setQuery, onSubmit, inputRef };
}

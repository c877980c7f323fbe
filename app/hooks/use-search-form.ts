import { useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { useEarlyInput } from './use-early-input';

/** A search box that opens /search?q=… on submit (hero and landing search forms). */
export function useSearchForm() {
  const [query, setQuery] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  useEarlyInput(inputRef, setQuery);
  const [, navigate] = useLocation();
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const q = shownQuery(e.currentTarget, query);
    if (q) navigate(`/search?q=${encodeURIComponent(q)}`);
  };
  return { query, setQuery, onSubmit, inputRef };
}

/**
 * What a search form's box (`name="q"`) shows as the form is sent, trimmed; `fallback` where it has
 * none. Read from the form, not from state or a ref: text typed before hydration is in the box before
 * useEarlyInput puts it in state, and a submit can reach React while it is still hydrating the form,
 * its handler found but its refs not attached yet (they are at the commit). A search sent in that
 * moment was lost (the e2e test of /alternative1 failed about one run in four).
 */
export function shownQuery(form: HTMLFormElement, fallback: string): string {
  const box = form.elements.namedItem('q');
  return (box instanceof HTMLInputElement ? box.value : fallback).trim();
}

import { fireEvent, render, screen } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { expect, it } from 'vitest';
import { HeroSearchForm } from '#app/components/ui/hero-search-form.tsx';
import { useSearchForm } from './use-search-form';

const look = { form: '', input: '', button: '' };

/** Text the box shows but React's state does not hold yet: typed before hydration, before useEarlyInput's effect. */
const typeBeforeState = (box: HTMLInputElement, text: string) => {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(box, text);
};

it('a hero search submitted before its early text reaches state searches for what the box shows', () => {
  const location = memoryLocation({ path: '/', record: true });
  render(
    <Router hook={location.hook}>
      <HeroSearchForm id="s" label="Search agents" placeholder="" look={look} />
    </Router>,
  );
  const box = screen.getByRole('searchbox', { name: 'Search agents' }) as HTMLInputElement;
  typeBeforeState(box, 'contrct reveiw');
  fireEvent.submit(box.form!);
  expect(location.history.at(-1)).toBe('/search?q=contrct%20reveiw');
});

/** A form whose box React has not attached its ref to yet: as while it hydrates, before the commit. */
function FormBeforeCommit() {
  const { onSubmit } = useSearchForm();
  return (
    <form role="search" aria-label="Hero" onSubmit={onSubmit}>
      <input type="search" name="q" aria-label="Search agents" defaultValue="" />
    </form>
  );
}

it('a search sent while the form hydrates, its ref not attached yet, searches for what the box shows', () => {
  const location = memoryLocation({ path: '/alternative1', record: true });
  render(
    <Router hook={location.hook}>
      <FormBeforeCommit />
    </Router>,
  );
  const box = screen.getByRole('searchbox', { name: 'Search agents' }) as HTMLInputElement;
  typeBeforeState(box, ' contract ');
  fireEvent.submit(screen.getByRole('search', { name: 'Hero' }));
  expect(location.history.at(-1)).toBe('/search?q=contract');
});

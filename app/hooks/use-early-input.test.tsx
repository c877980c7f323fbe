import { act, useRef, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { expect, it } from 'vitest';
import { useEarlyInput } from './use-early-input';

function Field() {
  const [text, setText] = useState('');
  const ref = useRef<HTMLInputElement>(null);
  useEarlyInput(ref, setText);
  return (
    <>
      <input ref={ref} aria-label="Search" value={text} onChange={(e) => setText(e.target.value)} />
      <output>{text}</output>
    </>
  );
}

it('takes text typed before hydration into state, and keeps it on screen', async () => {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Field />);
  document.body.append(container);
  // Typed while the page was only HTML.
  container.querySelector('input')!.value = 'ledg';
  await act(async () => {
    hydrateRoot(container, <Field />);
  });
  expect(container.querySelector('output')!.textContent).toBe('ledg');
  expect(container.querySelector('input')!.value).toBe('ledg');
  container.remove();
});

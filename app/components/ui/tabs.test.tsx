import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Tabs, TabsContent, TabsList, TabsTrigger } from './tabs';

function Example() {
  const [value, setValue] = useState('one');
  return (
    <Tabs value={value} onValueChange={setValue}>
      <TabsList aria-label="Example">
        <TabsTrigger value="one">One</TabsTrigger>
        <TabsTrigger value="two">Two</TabsTrigger>
        <TabsTrigger value="three">Three</TabsTrigger>
      </TabsList>
      <TabsContent value="one">First panel</TabsContent>
      <TabsContent value="two">Second panel</TabsContent>
      <TabsContent value="three">Third panel</TabsContent>
    </Tabs>
  );
}

const tab = (name: string) => screen.getByRole('tab', { name });

describe('Tabs', () => {
  it('shows the selected panel, labelled by its tab, with one tab in the tab order', () => {
    render(<Example />);
    expect(screen.getByRole('tablist', { name: 'Example' })).toBeTruthy();
    const panel = screen.getByRole('tabpanel');
    expect(panel.textContent).toBe('First panel');
    expect(panel.getAttribute('aria-labelledby')).toBe(tab('One').id);
    expect(tab('One').getAttribute('aria-controls')).toBe(panel.id);
    expect([tab('One'), tab('Two'), tab('Three')].map((t) => t.getAttribute('tabindex'))).toEqual(['0', '-1', '-1']);
  });

  it('selects with a click, arrow keys (wrapping), Home and End', () => {
    render(<Example />);
    fireEvent.click(tab('Two'));
    expect(tab('Two').getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').textContent).toBe('Second panel');
    tab('Two').focus();
    fireEvent.keyDown(tab('Two'), { key: 'ArrowRight' });
    expect(tab('Three').getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(tab('Three'));
    fireEvent.keyDown(tab('Three'), { key: 'ArrowRight' });
    expect(tab('One').getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(tab('One'), { key: 'ArrowLeft' });
    expect(tab('Three').getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(tab('Three'), { key: 'Home' });
    expect(tab('One').getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(tab('One'), { key: 'End' });
    expect(screen.getByRole('tabpanel').textContent).toBe('Third panel');
  });
});

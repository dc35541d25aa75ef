import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import WizardError from './error';

describe('WizardError', () => {
  it('names the error and offers a way back, as text only', () => {
    const html = renderToStaticMarkup(<WizardError error={new Error('e.slice is not a function <img src=x>')} reset={() => {}} />);
    expect(html).toContain('Something in the wizard went wrong');
    expect(html).toContain('e.slice is not a function &lt;img src=x&gt;');
    expect(html).toContain('Back to the start page');
    expect(html).toContain('Try again');
  });
});

import { render, screen } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { describe, expect, it } from 'vitest';
import { AnswerText } from '../src/answer-text.js';
import { theme } from '../src/theme.js';

function renderAnswer(text: string) {
  return render(
    <ThemeProvider theme={theme}>
      <AnswerText data-testid="answer">{text}</AnswerText>
    </ThemeProvider>,
  );
}

describe('an answer’s text', () => {
  it('renders paragraphs, emphasis and lists, and keeps single line breaks', () => {
    renderAnswer('First line\nsecond line\n\nA **strong** point:\n\n- one\n- two');
    const answer = screen.getByTestId('answer');
    expect(answer.querySelectorAll('p')).toHaveLength(2);
    expect(answer.querySelector('br')).not.toBeNull();
    expect(answer.querySelector('strong')?.textContent).toBe('strong');
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['one', 'two']);
  });

  it('marks links as user content that search engines should not follow', () => {
    renderAnswer('See [the report](https://example.org/report).');
    const link = screen.getByRole('link', { name: 'the report' });
    expect(link.getAttribute('href')).toBe('https://example.org/report');
    expect(link.getAttribute('rel')).toBe('nofollow ugc noopener');
  });

  it('drops raw HTML, script links and images, and reduces headings to text', () => {
    renderAnswer(
      '# Loud heading\n\n<script>alert(1)</script><b>bold</b>\n\n[click](javascript:alert(1)) ![x](https://example.org/x.png)',
    );
    const answer = screen.getByTestId('answer');
    expect(answer.querySelector('h1, script, b, img')).toBeNull();
    expect(answer.textContent).toContain('Loud heading');
    expect(answer.innerHTML).not.toContain('javascript:');
  });
});

import { describe, expect, it } from 'vitest';
import { joinList } from './join-list.js';

describe('joinList', () => {
  it('uses an Oxford comma from three items on', () => {
    expect(joinList([])).toBe('');
    expect(joinList(['Slack'])).toBe('Slack');
    expect(joinList(['Slack', 'GitHub'])).toBe('Slack and GitHub');
    expect(joinList(['Slack', 'GitHub', 'Jira'])).toBe('Slack, GitHub, and Jira');
  });
});

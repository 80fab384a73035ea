import { describe, expect, test } from 'vitest';
import { describeCommand, parseCommand } from '../../src/views/assistant/assistantCommands.ts';

const dashboard = { websites: [{ id: 3, name: 'Bakery Site' }], inBuilder: false };
const builder = { websites: [], inBuilder: true };

describe('rule-based assistant commands', () => {
  test.each([
    ['create website', { kind: 'createWebsite' }],
    ['  New   site ', { kind: 'createWebsite' }],
    ['open bakery', { kind: 'openWebsite', websiteId: '3', name: 'Bakery Site' }],
    ['go to social media', { kind: 'navigate', section: 'social', label: 'Social Media' }],
    ['open permissions', { kind: 'navigate', section: 'permissions', label: 'Permissions' }],
    ['new post Grand opening!', { kind: 'newPost', text: 'Grand opening!' }],
    ['find contact Ada', { kind: 'findContact', query: 'Ada' }],
  ])('"%s" in the dashboard', (input, expected) => {
    expect(parseCommand(input, dashboard)).toEqual(expected);
  });

  test('page and section commands need the builder', () => {
    expect(parseCommand('add page About us', dashboard).kind).toBe('unknown');
    expect(parseCommand('add page About us', builder)).toEqual({ kind: 'addPage', name: 'About us' });
    expect(parseCommand('add a section', builder)).toEqual({ kind: 'addSection' });
  });

  test('unknown input explains instead of guessing', () => {
    const command = parseCommand('what is the weather', dashboard);
    expect(command.kind).toBe('unknown');
    expect(describeCommand(command)).toMatch(/Not a command I know/);
    expect(describeCommand(parseCommand('open nowhere', dashboard))).toBe(
      'No website or section called “nowhere”.',
    );
  });
});

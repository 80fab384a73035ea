import type { SectionId } from '../dashboard/sections.ts';

/** What a typed command was understood as: fixed rules over the words, no language model. */
export type AssistantCommand =
  | { kind: 'createWebsite' }
  | { kind: 'openWebsite'; websiteId: string; name: string }
  | { kind: 'navigate'; section: SectionId; label: string }
  | { kind: 'newPost'; text: string }
  | { kind: 'addPage'; name: string }
  | { kind: 'addSection' }
  | { kind: 'findContact'; query: string }
  | { kind: 'unknown'; hint: string };

export type CommandContext = {
  /** The account's websites (for "open <name>"). */
  websites: Array<{ id: number | string; name: string }>;
  /** A site is open in the builder: page and section commands apply to it. */
  inBuilder: boolean;
};

const SECTIONS: Array<[RegExp, SectionId, string]> = [
  [/^(social|social media|planner|content planner|posts?)$/, 'social', 'Social Media'],
  [/^integrations?$/, 'integrations', 'Integrations'],
  [/^(websites?|all websites|sites?)$/, 'websites', 'All Websites'],
  [/^templates?$/, 'templates', 'Templates'],
  [/^(seo|seo tools)$/, 'seo', 'SEO Tools'],
  [/^(permissions?|roles?)$/, 'permissions', 'Permissions'],
  [/^(teams?|users|members)$/, 'teams', 'Teams'],
  [/^accounts?$/, 'accounts', 'Accounts'],
  [/^(form submissions|submissions|forms)$/, 'formSubmissions', 'Form Submissions'],
];

/** Example commands the palette offers. */
export const EXAMPLES = [
  'create website',
  'open <website name>',
  'go to social media',
  'new post Grand opening on Saturday!',
  'add page About us (in the builder)',
  'add section (in the builder)',
];

/** Reads one command. Unknown input says what is possible instead of guessing. */
export function parseCommand(raw: string, context: CommandContext): AssistantCommand {
  const input = raw.trim().replace(/\s+/g, ' ');
  const lower = input.toLowerCase();
  if (/^(create|new|make|build)( a| an)? (website|site)$/.test(lower)) return { kind: 'createWebsite' };

  const page = /^(add|create|new)( a)? page(?: (?:called|named))? (.+)$/i.exec(input);
  if (page?.[3]) {
    return context.inBuilder
      ? { kind: 'addPage', name: page[3].trim() }
      : {
          kind: 'unknown',
          hint: 'Open a website in the builder first (“open <website name>”), then add pages.',
        };
  }
  if (/^(add|insert)( a| an)? section$/.test(lower)) {
    return context.inBuilder
      ? { kind: 'addSection' }
      : {
          kind: 'unknown',
          hint: 'Open a website in the builder first (“open <website name>”), then add sections.',
        };
  }

  const post = /^(new|create|plan|write)( a)? post:? ?(.*)$/i.exec(input);
  if (post) return { kind: 'newPost', text: post[3]?.trim() ?? '' };

  const contact = /^(find|search)( a)? contact (.+)$/i.exec(input);
  if (contact?.[3]) return { kind: 'findContact', query: contact[3].trim() };

  const go = /^(go to|open|show)( the)? (.+)$/i.exec(input);
  if (go?.[3]) {
    const target = go[3].toLowerCase();
    for (const [pattern, section, label] of SECTIONS) {
      if (pattern.test(target)) return { kind: 'navigate', section, label };
    }
    if (go[1]?.toLowerCase() !== 'go to') {
      const site =
        context.websites.find((w) => w.name.toLowerCase() === target) ??
        context.websites.find((w) => w.name.toLowerCase().includes(target));
      if (site) return { kind: 'openWebsite', websiteId: String(site.id), name: site.name };
      return { kind: 'unknown', hint: `No website or section called “${go[3]}”.` };
    }
  }
  return { kind: 'unknown', hint: `Not a command I know. Try: ${EXAMPLES.slice(0, 4).join(' · ')}` };
}

/** The preview line shown before running. */
export function describeCommand(command: AssistantCommand): string {
  switch (command.kind) {
    case 'createWebsite':
      return 'Create a new website';
    case 'openWebsite':
      return `Open “${command.name}” in the builder`;
    case 'navigate':
      return `Go to ${command.label}`;
    case 'newPost':
      return command.text ? `New social post: “${command.text}”` : 'New social post';
    case 'addPage':
      return `Add the page “${command.name}” to this site`;
    case 'addSection':
      return 'Add a section to the current page';
    case 'findContact':
      return `Find the contact “${command.query}”`;
    case 'unknown':
      return command.hint;
  }
}

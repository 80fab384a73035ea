import type { TourSide } from './tourPlacement.ts';

/**
 * The six walkthrough steps of spec §2, in order. `anchor` is the `data-tour` value of the control each
 * step points at (the sidebar's entries and the header's logo and avatar already carry it), and `placement`
 * the side of it where the step's box sits on a wide screen (tourPlacement.ts).
 */
export const TOUR_STEPS: ReadonlyArray<{
  id: string;
  anchor: string;
  placement: TourSide;
  title: string;
  body: string;
}> = [
  {
    id: 'welcome',
    anchor: 'welcome',
    placement: 'bottom-start',
    title: 'Welcome to BizSite',
    body: 'Take a quick tour of the places you will use most. You can reopen it any time with the ? button.',
  },
  {
    id: 'websiteBuilder',
    anchor: 'websiteBuilder',
    placement: 'right',
    title: 'Website Builder',
    body: 'Create your website from scratch, from a template or with AI, and read what visitors send through your forms.',
  },
  {
    id: 'crm',
    anchor: 'crm',
    placement: 'right',
    title: 'CRM',
    body: 'Keep your contacts, leads, deals and activities together, and run your marketing campaigns.',
  },
  {
    id: 'socialMedia',
    anchor: 'social',
    placement: 'right',
    title: 'Social Media',
    body: 'Plan and schedule your posts in the content planner.',
  },
  {
    id: 'integrations',
    anchor: 'integrations',
    placement: 'right',
    title: 'Integrations',
    body: 'Connect the tools you already use, such as your ads and email accounts.',
  },
  {
    id: 'profile',
    anchor: 'profile',
    placement: 'bottom-end',
    title: 'Your profile',
    body: 'Open the avatar menu to change your details or your password, or to log out.',
  },
];

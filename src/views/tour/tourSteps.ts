/** The six walkthrough steps of spec §2, in order. */
export const TOUR_STEPS = [
  {
    id: 'welcome',
    title: 'Welcome to BizSite',
    body: 'Take a quick tour of the places you will use most. You can reopen it any time with the ? button.',
  },
  {
    id: 'websiteBuilder',
    title: 'Website Builder',
    body: 'Create your website from scratch, from a template or with AI, and read what visitors send through your forms.',
  },
  {
    id: 'crm',
    title: 'CRM',
    body: 'Keep your contacts, leads, deals and activities together, and run your marketing campaigns.',
  },
  {
    id: 'socialMedia',
    title: 'Social Media',
    body: 'Plan and schedule your posts in the content planner.',
  },
  {
    id: 'integrations',
    title: 'Integrations',
    body: 'Connect the tools you already use, such as your ads and email accounts.',
  },
  {
    id: 'profile',
    title: 'Your profile',
    body: 'Open the avatar menu to change your details or your password, or to log out.',
  },
] as const;

/** The dashboard shell's later parts (ShellLater.tsx): loaded once, beside the shell, by whichever asks first. */
export const shellLater = () => import('./ShellLater.tsx');

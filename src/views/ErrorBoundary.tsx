import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { Component, type ErrorInfo, type ReactNode } from 'react';

type Props = { children: ReactNode; title?: string };
type State = { error: Error | null };

/**
 * Catches render errors, including @xstate/react's `useSelector`, which throws when the actor it
 * reads has errored, so one broken area never blanks the whole page.
 */
export class ErrorBoundary extends Component<Props, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  handleRetry = (): void => {
    this.setState({ error: null });
  };

  render(): ReactNode {
    if (!this.state.error) return this.props.children;
    return (
      <Alert
        severity="error"
        sx={{ m: 2 }}
        action={
          <Button color="inherit" size="small" onClick={this.handleRetry}>
            Try Again
          </Button>
        }
      >
        {this.props.title ?? 'Something went wrong.'}
      </Alert>
    );
  }
}

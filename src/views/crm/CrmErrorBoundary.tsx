import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { Component, type ErrorInfo, type ReactNode } from 'react';

type Props = { children: ReactNode };
type State = { failed: boolean };

/** The CRM's crash boundary (spec §2): 'CRM Error / Something went wrong with the CRM module.' and Try Again. */
export class CrmErrorBoundary extends Component<Props, State> {
  state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  handleTryAgain = (): void => {
    this.setState({ failed: false });
  };

  render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <Card role="alert" sx={{ m: 2 }}>
        <CardContent>
          <Typography variant="h6" component="h3" color="error">
            CRM Error
          </Typography>
          <Typography sx={{ mb: 2 }}>Something went wrong with the CRM module.</Typography>
          <Button variant="contained" onClick={this.handleTryAgain}>
            Try Again
          </Button>
        </CardContent>
      </Card>
    );
  }
}

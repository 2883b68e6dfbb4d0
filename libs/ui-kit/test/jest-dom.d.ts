// Brings the jest-dom matchers (toBeInTheDocument, toBeDisabled, ...) into the type checker.
import '@testing-library/jest-dom';

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Placeholder } from './placeholder';
import './placeholder.css';

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <Placeholder />
    </StrictMode>,
  );
}

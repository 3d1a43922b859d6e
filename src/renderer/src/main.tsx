import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { FIRST_WINDOW } from './components/useUtteranceWindows';
import { sendFirstCalls } from './firstCalls';
import './styles.css';

sendFirstCalls(FIRST_WINDOW);
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

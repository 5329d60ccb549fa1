/** @jsxImportSource react */
// React 19 on the writing-help test page: a controlled textarea; what the app would send is
// echoed below it. The pragma: the project's tsconfig names preact for its own UI.
import { useState } from 'react';
import { createRoot } from 'react-dom/client';

function ReactReply() {
  const [text, setText] = useState('Thank you for the invoice. We will pay it this week.');
  return (
    <div>
      <label htmlFor="react-reply">React reply</label>
      <textarea id="react-reply" value={text} onChange={(e) => setText(e.target.value)} rows={3} cols={50} />
      <p id="react-echo">{text}</p>
    </div>
  );
}

createRoot(document.getElementById('react')).render(<ReactReply />);

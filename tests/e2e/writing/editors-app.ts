// The writing-help test page's apps, bundled at test time (editors.ts) with react-reply.jsx: a
// Vue 3 v-model textarea whose state is echoed on the page, and three real rich
// editors from npm (Tiptap on ProseMirror, Lexical, Quill) holding a draft with bold, a link and
// a list. Each exposes its own model on `window.editorModels`, which the tests read.
import { createApp } from 'vue';
import { Editor } from '@tiptap/core';
import StarterKit from '@tiptap/starter-kit';
import { $createParagraphNode, $createTextNode, $getRoot, createEditor } from 'lexical';
import { HeadingNode, QuoteNode, registerRichText } from '@lexical/rich-text';
import { createEmptyHistoryState, registerHistory } from '@lexical/history';
import { $createListItemNode, $createListNode, ListItemNode, ListNode, registerList } from '@lexical/list';
import { $createLinkNode, LinkNode } from '@lexical/link';
import Quill from 'quill';

const models: Record<string, () => unknown> = {};
(window as unknown as { editorModels: typeof models }).editorModels = models;

// ── Vue 3: v-model ──
createApp({
  data: () => ({ text: 'Please send the contract to our office in Berlin.' }),
  template: '<label for="vue-reply">Vue reply</label><textarea id="vue-reply" v-model="text" rows="3" cols="50"></textarea><p id="vue-echo">{{ text }}</p>',
}).mount('#vue');

// ── Tiptap (ProseMirror) ──
const tiptap = new Editor({
  element: document.getElementById('tiptap')!,
  // The trailing-node plugin adds an empty paragraph after any change once a list ends the
  // document (undo included): left out so the restored draft can be compared exactly.
  extensions: [StarterKit.configure({ trailingNode: false })],
  content: '<p>Thank you for the <strong>quick</strong> answer about the <a href="https://example.com/contract">contract</a>.</p><ul><li><p>First point of the offer</p></li><li><p>Second point</p></li></ul>',
});
models.tiptap = () => tiptap.getJSON();

// ── Lexical ──
const lexicalRoot = document.getElementById('lexical')!;
const lexical = createEditor({
  namespace: 'writing-test',
  nodes: [HeadingNode, QuoteNode, ListNode, ListItemNode, LinkNode],
  onError: (error) => console.error(error),
});
lexical.setRootElement(lexicalRoot);
registerRichText(lexical);
registerHistory(lexical, createEmptyHistoryState(), 300);
registerList(lexical);
lexical.update(() => {
  const paragraph = $createParagraphNode();
  const link = $createLinkNode('https://example.com/contract');
  link.append($createTextNode('contract'));
  paragraph.append($createTextNode('Thank you for the '), $createTextNode('quick').toggleFormat('bold'), $createTextNode(' answer about the '), link, $createTextNode('.'));
  const list = $createListNode('bullet');
  const first = $createListItemNode();
  first.append($createTextNode('First point of the offer'));
  const second = $createListItemNode();
  second.append($createTextNode('Second point'));
  list.append(first, second);
  $getRoot().clear().append(paragraph, list);
}, { discrete: true });
models.lexical = () => lexical.getEditorState().toJSON();

// ── Quill ──
const quill = new Quill('#quill', { formats: ['bold', 'italic', 'link', 'list'] });
quill.setContents([
  { insert: 'Thank you for the ' }, { insert: 'quick', attributes: { bold: true } }, { insert: ' answer about the ' },
  { insert: 'contract', attributes: { link: 'https://example.com/contract' } }, { insert: '.\nFirst point of the offer' },
  { insert: '\n', attributes: { list: 'bullet' } }, { insert: 'Second point' }, { insert: '\n', attributes: { list: 'bullet' } },
]);
quill.history.clear();
models.quill = () => quill.getContents();

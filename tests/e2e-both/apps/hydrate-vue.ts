// A server-rendered Vue 3 page: the same notes as hydrate-react.jsx, rendered to a string at
// test time (createSSRApp, vue/server-renderer) and hydrated with createSSRApp only when
// window.hydrateApp() is called, after Glossa has translated the page.
import { defineComponent, onMounted, ref } from 'vue';

export const HydratedNotes = defineComponent({
  setup() {
    const count = ref(0);
    onMounted(() => {
      document.documentElement.dataset.hydrated = 'yes';
    });
    return { count };
  },
  template: `<main id="root-view">
    <h2 id="title">Server-rendered notes</h2>
    <p id="count">You clicked {{ count }} times</p>
    <div><button id="inc" title="Adds one to the count" @click="count++">Add one</button></div>
    <p id="sentence">Read <a href="#guide">the guide</a> and <b>the notes</b> for help.</p>
  </main>`,
});

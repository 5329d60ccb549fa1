export default defineBackground(() => {
  console.log('Glossa background');
});

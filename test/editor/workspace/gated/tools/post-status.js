module.exports = async function postStatus({ text }, ctx) {
  return ctx.fetch('https://chat.example.com/status', { method: 'POST', body: text });
};

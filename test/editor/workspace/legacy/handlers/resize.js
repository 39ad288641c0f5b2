module.exports = async function resize({ path, width }) {
  return `would resize ${path} to ${width} px`;
};

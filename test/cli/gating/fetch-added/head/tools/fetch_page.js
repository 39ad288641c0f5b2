module.exports = async () => 'done';

// Runs cognito-local (in its own working directory, where it keeps `.cognito/`) and
// delivers its messages by e-mail through our local mail bridge instead of the console.
// Like real Cognito, every {####} in the CustomMessage output becomes the code
// (cognito-local itself replaces only the first one).
const { ConsoleMessageSender } = require('cognito-local/lib/services/messageDelivery/consoleMessageSender');

ConsoleMessageSender.prototype.sendEmail = async (_ctx, user, destination, message) => {
  const code = message.__code;
  const email = user.Attributes.find((a) => a.Name === 'email')?.Value ?? destination;
  const html = (message.emailMessage || `Your verification code is {####}`).split('{####}').join(code);
  const response = await fetch(process.env.MAIL_BRIDGE_URL, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ to: email, subject: message.emailSubject || 'Your verification code', html }),
  });
  if (!response.ok) throw new Error(`mail bridge answered ${response.status}`);
};

require('cognito-local/lib/bin/start.js');

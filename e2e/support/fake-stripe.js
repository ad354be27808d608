// What the browser tests serve in place of https://js.stripe.com/.../stripe.js (Stripe is not
// reachable here): the part of Stripe.js's surface the store uses. Its card element is a plain input;
// confirmCardPayment posts to https://api.stripe.com, which the tests route to the local stand-in.
(function () {
  function Stripe(publishableKey) {
    var mounted = {};
    function createElement(type) {
      var input = document.createElement('input');
      input.setAttribute('aria-label', 'Card number');
      input.setAttribute('inputmode', 'numeric');
      var element = {
        input: input,
        mount: function (node) {
          node.appendChild(input);
        },
        on: function () {},
        off: function () {},
        update: function (options) {
          input.disabled = Boolean(options && options.disabled);
        },
        destroy: function () {
          input.remove();
        },
      };
      mounted[type] = element;
      return element;
    }
    return {
      elements: function () {
        return {
          create: createElement,
          getElement: function (type) {
            return mounted[typeof type === 'string' ? type : type.__elementType] || null;
          },
          update: function () {},
        };
      },
      createToken: function () {},
      createPaymentMethod: function () {},
      registerAppInfo: function () {},
      _registerWrapper: function () {},
      confirmCardPayment: function (clientSecret, data) {
        var id = clientSecret.split('_secret_')[0];
        var body = new URLSearchParams({
          key: publishableKey,
          client_secret: clientSecret,
          'payment_method_data[type]': 'card',
          'payment_method_data[card][number]': data.payment_method.card.input.value,
          'payment_method_data[billing_details][name]': data.payment_method.billing_details.name,
        });
        return fetch('https://api.stripe.com/v1/payment_intents/' + id + '/confirm', { method: 'POST', body: body })
          .then(function (response) {
            return response.json();
          })
          .then(function (json) {
            return json.error ? { error: json.error } : { paymentIntent: json };
          });
      },
    };
  }
  Stripe.version = 'endive';
  window.Stripe = Stripe;
})();

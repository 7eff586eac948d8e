document.getElementById('app')!.textContent = 'Carreta';
